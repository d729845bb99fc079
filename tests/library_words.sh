#!/bin/sh
# library_words.sh SRC - libgrundy's messages name no command-line option:
# no string literal in src/*.c or src/games/*.c (the library; src/cli is
# the command) holds a '--option'. A limit error carries the limit as
# data (grundy_error.limit, .needed) and the command words the advice.
src=$1
. "$(dirname "$0")/lib.sh"
found=$(cd "$src" && grep -o '"\([^"\\]\|\\.\)*"' src/*.c src/games/*.c |
        grep -e '--[a-z]')
if [ -n "$found" ]; then
    bad "library strings naming a command-line option:"
    echo "$found" | sed 's/^/    /'
fi
n=$(cd "$src" && grep -o '"\([^"\\]\|\\.\)*"' src/*.c src/games/*.c | wc -l)
finish "library_words: $n string literals in src/, none names an option"
