# End-to-end: `wargamed backup` against a running server (issue 15).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_backup.c)
  wg_unit_test(test_e2e_backup SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_backup.c
               LIBS wg_e2e PkgConfig::SQLITE)
  target_compile_definitions(test_e2e_backup PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>")
  add_dependencies(test_e2e_backup wargamed)
  set_tests_properties(test_e2e_backup PROPERTIES LABELS e2e)
endif()
