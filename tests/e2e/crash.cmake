# End-to-end crash soak: many race games driven at once from one process
# against wargamed-test, the daemon SIGKILLed at random moments and
# restarted on the same database (WG_CRASH_KILLS, WG_CRASH_GAMES and
# WG_CRASH_SEED tune a run; see the file's header).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_crash_many.c)
  wg_unit_test(test_e2e_crash_many SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_crash_many.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_crash_many PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_crash_many wargamed-test)
  set_tests_properties(test_e2e_crash_many PROPERTIES LABELS e2e)
endif()
