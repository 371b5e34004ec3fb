# End-to-end: a program plays a whole Battle of the Scheldt game in JSON mode from `options`
# alone against the shipped daemon (issue 8).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_options.c)
  wg_unit_test(test_e2e_options SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_options.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_options PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>")
  add_dependencies(test_e2e_options wargamed)
  set_tests_properties(test_e2e_options PROPERTIES LABELS e2e)
  if(WG_WITH_MINIS)
    target_compile_definitions(test_e2e_options PRIVATE WG_HAVE_MINIS=1)
  endif()
endif()
