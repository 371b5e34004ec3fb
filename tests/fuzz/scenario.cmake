# tests/fuzz/scenario.cmake -- the scenario target (fuzz_scenario.c): the catalog's load and
# every shipped ruleset's check-scenario (scenario_lint) on scenario documents, raw or made
# by editing the scenarios of data/ and tests/data/ (tests/fuzz/fuzz.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake)
wg_fuzz_target(scenario HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_scenario.c
               LIBS wg_fuzz_rules RUN_LIBS wg_rules RANDOM 200)
