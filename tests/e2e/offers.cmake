# Offers of pause and takeback, their clocks and replay after SIGKILL, and game records
# (export, `wargamed replay`) (issue 10), against wargamed-test with --debug-clock.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_offers.c)
  wg_unit_test(test_e2e_offers SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_offers.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_offers PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_offers wargamed-test)
  set_tests_properties(test_e2e_offers PROPERTIES LABELS e2e)
endif()
