# Hex grid and Fire & Movement engine suites (issue 3).
wg_unit_test(test_hex SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hex.c LIBS wg_rules)
# The shared scenario reader and hex terrain map (rules/core/sdoc.c, hexmap.c).
wg_unit_test(test_hexmap SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_hexmap.c LIBS wg_rules)
foreach(_fm_suite scenario move support combat crt retreat game hooks takeback)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_fm_${_fm_suite}.c)
    wg_unit_test(test_fm_${_fm_suite}
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_fm_${_fm_suite}.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
                 LIBS wg_rules)
  endif()
endforeach()
# The F&M system code cites no exclusive rule id (BS-, MA-): a module's ids live in its own
# folder (rules/fm/<module>/), so another game never refuses with a Scheldt rule.
add_test(NAME fm_system_cites_no_exclusive_rule
         COMMAND sh -c "! grep -nE '\"(BS|MA)-' ${CMAKE_SOURCE_DIR}/rules/fm/*.c ${CMAKE_SOURCE_DIR}/rules/fm/*.h")
