# The differential secrecy test (issue 15): every shipped ruleset and scenario of data/, two
# worlds that differ only in one side's secret (the ruleset's secret_twin hook), every verb
# as the other side and a spectator get it, byte for byte in text and JSON modes.
wg_unit_test(test_secrecy_diff SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_secrecy_diff.c
             LIBS wg_rules wg_protocol)
set_tests_properties(test_secrecy_diff PROPERTIES TIMEOUT 900)
