# End-to-end suites of the daemon: they start wargamed-test (the real server
# plus the test-only race ruleset) or the shipped wargamed on an ephemeral
# loopback port with a temporary database.
add_library(wg_e2e STATIC ${CMAKE_SOURCE_DIR}/tests/e2e/e2e.c)
target_include_directories(wg_e2e PUBLIC ${CMAKE_SOURCE_DIR}/tests/e2e)
target_link_libraries(wg_e2e PUBLIC wg_common)

foreach(suite test_e2e_game test_e2e_recovery test_e2e_hostile test_e2e_shipped)
  if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/${suite}.c)
    wg_unit_test(${suite} SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/${suite}.c LIBS wg_e2e)
    target_compile_definitions(${suite} PRIVATE
      WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
      WG_DAEMON="$<TARGET_FILE:wargamed>"
      WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
    add_dependencies(${suite} wargamed-test wargamed)
    set_tests_properties(${suite} PROPERTIES LABELS e2e)
  endif()
endforeach()
