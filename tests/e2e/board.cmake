# End-to-end check of the board as text (issue 8): `view` and `map` of a Battle of the
# Scheldt game over TCP against the shipped daemon (wargamed, data dir data/).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_board.c)
  wg_unit_test(test_e2e_board SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_board.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_board PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>")
  add_dependencies(test_e2e_board wargamed)
  set_tests_properties(test_e2e_board PROPERTIES LABELS e2e)
endif()
