# tests/fuzz/protocol.cmake -- libFuzzer target for protocol/ (framer, request
# parser, reply writers).  Built only with Clang and -DWG_FUZZ=ON:
#   CC=clang cmake -S . -B build-fuzz -DWG_FUZZ=ON
#   cmake --build build-fuzz --target fuzz_protocol
#   build-fuzz/tests/fuzz_protocol -max_total_time=60
# The protocol sources are compiled into the target itself so that they get
# the fuzzer's coverage instrumentation, with ASan and UBSan.
option(WG_FUZZ "Build the libFuzzer targets (Clang only)" OFF)

if(WG_FUZZ AND CMAKE_C_COMPILER_ID STREQUAL "Clang")
  file(GLOB _wg_fuzz_proto_src CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/protocol/*.c)
  add_executable(fuzz_protocol ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_protocol.c
                               ${_wg_fuzz_proto_src})
  target_include_directories(fuzz_protocol PRIVATE ${CMAKE_SOURCE_DIR})
  target_link_libraries(fuzz_protocol PRIVATE PkgConfig::CJSON)
  target_compile_options(fuzz_protocol PRIVATE
                         -fsanitize=fuzzer,address,undefined
                         -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(fuzz_protocol PRIVATE -fsanitize=fuzzer,address,undefined)
elseif(WG_FUZZ)
  message(WARNING "WG_FUZZ needs Clang (CC=clang); fuzz_protocol is not built")
endif()
