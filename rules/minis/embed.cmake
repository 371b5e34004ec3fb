# rules/minis/embed.cmake -- compiles the data of data/minis/ into the engine (the engine reads
# no file: rules/ is pure).  wg_minis_embed(<out.c>) writes, at configure time, a C file that
# defines minis_<name>_json as the text of data/minis/<name>.json for terrain, quality, nations
# and weapons; CMake configures again when one of the files changes.
include_guard(GLOBAL)
function(wg_minis_embed out)
  set(_text "/* Generated from the JSON files of data/minis/ by rules/minis/embed.cmake: do not edit. */\n")
  string(APPEND _text "#include \"rules/minis/minis_int.h\"\n")
  foreach(_name terrain quality nations vehicles weapons)
    set(_in ${CMAKE_SOURCE_DIR}/data/minis/${_name}.json)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_in})
    file(READ ${_in} _json)
    string(REPLACE "\\" "\\\\" _json "${_json}")
    string(REPLACE "\"" "\\\"" _json "${_json}")
    string(REPLACE "\n" "\\n\"\n    \"" _json "${_json}")
    string(APPEND _text "\nconst char minis_${_name}_json[] =\n    \"${_json}\";\n")
  endforeach()
  if(EXISTS ${out})
    file(READ ${out} _old)
  endif()
  if(NOT "${_old}" STREQUAL "${_text}")
    file(WRITE ${out} "${_text}")
  endif()
endfunction()
