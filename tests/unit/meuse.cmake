# Meuse Argonne: The Final Offensive (module "meuse_argonne", rules/fm/meuse_argonne/): the
# data lines of the MA checklist on data/meuse-argonne.json, and check-scenario's findings on
# the broken fixture tests/data/ma-broken.json.
foreach(_ma_suite data lint 17)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_ma_${_ma_suite}.c)
    wg_unit_test(test_ma_${_ma_suite}
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ma_${_ma_suite}.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_ma_util.c
                 LIBS wg_rules)
  endif()
endforeach()
# The exclusive rules, one suite per rulebook section, on the shipped scenario
# (test_ma_util.c: the fixture): 11.0 set-up and replacements, 13.0 units, 14.0 terrain,
# 18.0 special rules and 12.1 victory, 19.0 orders of
# battle.
foreach(_ma_suite 11 13 14 18 19)
  wg_unit_test(test_ma_${_ma_suite}
               SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ma_${_ma_suite}.c
                       ${CMAKE_CURRENT_LIST_DIR}/test_ma_util.c
                       ${CMAKE_CURRENT_LIST_DIR}/test_fm_util.c
               LIBS wg_rules)
endforeach()
# The shipped file passes `wargamed check-scenario` (exit 0, verdict ok).
add_test(NAME ma_check_scenario_shipped
         COMMAND sh -c "$<TARGET_FILE:wargamed> check-scenario ${CMAKE_SOURCE_DIR}/data/meuse-argonne.json | grep -q '^ok '")
