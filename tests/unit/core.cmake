# rules/core: dice stream, match host, scenario catalog.
wg_unit_test(test_dice SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_dice.c LIBS wg_rules)
wg_unit_test(test_match SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_match.c LIBS wg_race)
