# Storage suites: db/store.h on its SQLite backend, and the migrations.
wg_unit_test(test_store SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_store.c LIBS wg_db)
