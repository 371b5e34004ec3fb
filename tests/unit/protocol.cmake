# tests/unit/protocol.cmake -- the protocol/ unit suites (cmocka), one per module.
foreach(_wg_proto_suite IN ITEMS buf tokenize framer request reply)
  wg_unit_test(test_${_wg_proto_suite}
               SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_${_wg_proto_suite}.c
               LIBS wg_protocol)
endforeach()
