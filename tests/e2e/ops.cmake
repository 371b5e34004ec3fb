# End-to-end: operations (issue 15): the port bound before the database, a second SIGTERM
# during the stop, replies larger than the output limit streamed, private games.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_ops.c)
  wg_unit_test(test_e2e_ops SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_ops.c LIBS wg_e2e)
  target_compile_definitions(test_e2e_ops PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_ops wargamed-test)
  set_tests_properties(test_e2e_ops PROPERTIES LABELS e2e)
endif()
