# Battle of the Scheldt exclusive rules (issue 4): one cmocka test per BS- id,
# on the compact fixture tests/data/fm-scheldt-mini.json (module "scheldt") and,
# for the data lines, on data/scheldt.json.
foreach(_bs_suite 10_11 12 13 14 15 16 17_18 data redaction lint)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_bs_${_bs_suite}.c)
    wg_unit_test(test_bs_${_bs_suite}
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_bs_${_bs_suite}.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_bs_util.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
                 LIBS wg_rules)
  endif()
endforeach()
