# `options`, the legal actions of the awaited decision (issue 8): its shapes, the legal set
# exactly at set-up, and a bot that plays Battle of the Scheldt from options alone.
wg_unit_test(test_fm_options
             SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fm_options.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_bs_util.c
                     ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
             LIBS wg_rules)
