# server/notifyfmt.c: notifications outside the server -- signatures, the retry schedule,
# the webhook body and the e-mail messages (issue 10).
wg_unit_test(test_notifyfmt SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_notifyfmt.c
             LIBS wg_server)
