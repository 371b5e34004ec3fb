# Finding and talking to people (issue 10): who, finger, tell, messages, block; challenges and
# seeks; against wargamed-test with the fake clock of --debug-clock.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_people.c)
  wg_unit_test(test_e2e_people SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_people.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_people PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_people wargamed-test)
  set_tests_properties(test_e2e_people PROPERTIES LABELS e2e)
endif()
