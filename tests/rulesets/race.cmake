# The test-only race ruleset and the test daemon wargamed-test built with it.
add_library(wg_race STATIC ${CMAKE_SOURCE_DIR}/tests/rulesets/race.c)
target_include_directories(wg_race PUBLIC ${CMAKE_SOURCE_DIR})
target_link_libraries(wg_race PUBLIC wg_rules)

add_executable(wargamed-test ${CMAKE_SOURCE_DIR}/tests/rulesets/main_test.c
                             ${CMAKE_SOURCE_DIR}/tests/rulesets/fm_probe.c)
target_include_directories(wargamed-test PRIVATE ${CMAKE_SOURCE_DIR}/tests/rulesets)
target_link_libraries(wargamed-test PRIVATE wg_server wg_race)
