# Tournaments and ratings (issue 12) against wargamed-test: a Swiss of six over TCP, a round
# robin, secret bids, a knockout with a mulligan, deadlines, a SIGKILL during a pairing,
# ratings; the fake clock of --debug-clock.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_tourney.c)
  wg_unit_test(test_e2e_tourney SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_tourney.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_tourney PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_tourney wargamed-test)
  set_tests_properties(test_e2e_tourney PROPERTIES LABELS e2e)
endif()
