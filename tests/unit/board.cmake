# The board as text (issue 8): the ASCII hex cells of rules/core/textmap.c alone, and the
# F&M board (rules/fm/board.c: map, units, view's text) on the shipped Scheldt map.
wg_unit_test(test_hexmap_text SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hexmap_text.c LIBS wg_rules)
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_board.c)
  wg_unit_test(test_board
               SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_board.c
                       ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
               LIBS wg_rules)
endif()
