# End-to-end proof of the foundation seams (issue 7): host actions in the log and replayed
# after SIGKILL, simultaneous decisions with decision counters, games pinned to the scenario
# text and engine version they were played on, a scenario module's own verbs.  The test reads
# the daemon's SQLite file directly to simulate an older engine.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_foundation.c)
  # The probe daemon's data dir: the probe scenario and the system test scenario (one copy of
  # it, tests/data/fm-test.json), gathered in the build tree.
  set(WG_PROBE_DATA ${CMAKE_BINARY_DIR}/tests/fm-probe-data)
  configure_file(${CMAKE_SOURCE_DIR}/tests/rulesets/fm-probe/fm-probe.json
                 ${WG_PROBE_DATA}/fm-probe.json COPYONLY)
  configure_file(${CMAKE_SOURCE_DIR}/tests/data/fm-test.json ${WG_PROBE_DATA}/fm-test.json
                 COPYONLY)
  wg_unit_test(test_e2e_foundation SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_foundation.c
               LIBS wg_e2e PkgConfig::SQLITE)
  target_compile_definitions(test_e2e_foundation PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets"
    WG_PROBE_DIR="${WG_PROBE_DATA}")
  add_dependencies(test_e2e_foundation wargamed-test)
  set_tests_properties(test_e2e_foundation PROPERTIES LABELS e2e)
endif()
