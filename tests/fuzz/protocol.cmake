# tests/fuzz/protocol.cmake -- the protocol/ targets (tests/fuzz/fuzz.cmake):
#   protocol      the framer and the text request parser, with the reply writers and telnet
#                 decoding (fuzz_protocol.c);
#   json_request  JSON request lines (fuzz_json_request.c).
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake)
wg_fuzz_target(protocol HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_protocol.c
               LIBS wg_fuzz_protocol RUN_LIBS wg_protocol RANDOM 2000)
wg_fuzz_target(json_request HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_json_request.c
               LIBS wg_fuzz_protocol RUN_LIBS wg_protocol RANDOM 2000)
