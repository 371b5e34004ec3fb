# Pictures (issue 8): the ruleset-neutral SVG writer (rules/core/svg*.c) and the F&M
# picture of `map svg` (rules/fm/picture.c, last.c), on fm-test.json and, for redaction,
# the Scheldt fixture fm-scheldt-mini.json.
wg_unit_test(test_svg SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_svg.c LIBS wg_rules)
if(WG_WITH_FM AND EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_svg_fm.c)
  wg_unit_test(test_svg_fm
               SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_svg_fm.c
                       ${CMAKE_CURRENT_LIST_DIR}/test_bs_util.c
                       ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
               LIBS wg_rules)
endif()
