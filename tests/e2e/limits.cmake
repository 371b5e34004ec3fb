# End-to-end: the limits on hashing, addresses and users, and the operators' verbs
# (issue 15).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_limits.c)
  wg_unit_test(test_e2e_limits SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_limits.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_limits PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_limits wargamed-test)
  set_tests_properties(test_e2e_limits PROPERTIES LABELS e2e)
endif()
