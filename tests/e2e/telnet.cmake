# Terminal users (issue 8): telnet negotiation around prompted passwords, NAWS and the
# 80-column text replies, spectators and the idle timeout, against wargamed-test.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_telnet.c)
  wg_unit_test(test_e2e_telnet SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_telnet.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_telnet PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_telnet wargamed-test)
  set_tests_properties(test_e2e_telnet PROPERTIES LABELS e2e)
endif()
