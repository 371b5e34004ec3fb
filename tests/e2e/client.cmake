# End-to-end suite of the client: runs the real `wargame` binary against a
# fake server inside the test (pipe mode and on a pseudo-terminal).
find_package(Threads REQUIRED)
wg_unit_test(test_client_pipe
  SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_client_pipe.c
          ${CMAKE_SOURCE_DIR}/tests/e2e/client_fake_server.c
          ${CMAKE_SOURCE_DIR}/tests/e2e/client_proc.c
  LIBS Threads::Threads wg_common)
target_compile_definitions(test_client_pipe PRIVATE WARGAME_BIN="$<TARGET_FILE:wargame>")
add_dependencies(test_client_pipe wargame)
