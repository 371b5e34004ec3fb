# Terminal users (issue 8): telnet negotiation around prompted passwords, NAWS and the
# 80-column text replies, spectators and the idle timeout, the bundled client answering
# prompts, against wargamed-test.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_telnet.c)
  wg_unit_test(test_e2e_telnet SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_telnet.c
                                       ${CMAKE_SOURCE_DIR}/tests/e2e/client_proc.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_telnet PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WARGAME_BIN="$<TARGET_FILE:wargame>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_telnet wargamed-test wargame)
  set_tests_properties(test_e2e_telnet PROPERTIES LABELS e2e)
endif()
