# Notifications outside the server (issue 10): signed webhooks to an HTTP sink in the test,
# e-mail through a fake sendmail, retries, the daily digest, durability across SIGKILL,
# against wargamed-test with the fake clock of --debug-clock.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_notify.c)
  wg_unit_test(test_e2e_notify SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_notify.c
               LIBS wg_e2e PkgConfig::CJSON PkgConfig::SODIUM pthread)
  target_compile_definitions(test_e2e_notify PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_notify wargamed-test)
  set_tests_properties(test_e2e_notify PROPERTIES LABELS e2e)
endif()
