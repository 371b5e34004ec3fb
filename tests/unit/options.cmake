# `options`, the legal actions of the awaited decision (issue 8): its shapes, the legal set
# exactly at set-up, and a bot that plays Battle of the Scheldt from options alone.
wg_unit_test(test_fm_options
             SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fm_options.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_bs_util.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
             LIBS wg_rules)
# docs/games/fm.md documents every event the F&M engines emit and every verb of their games.
find_program(WG_PYTHON3 NAMES python3)
add_test(NAME fm_docs_list_every_event_and_verb
         COMMAND ${WG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/docs_check.py ${CMAKE_SOURCE_DIR})

# view_lines (issue 14): view()'s text alone, the same bytes as view() and as before.
wg_unit_test(test_fm_view_lines
             SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fm_view_lines.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_bs_util.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
             LIBS wg_rules)
