/*
 * cli_main.c - the grundy command's main.c with main() renamed
 * grundy_cli_main, so that fuzz_line can run the command in-process.
 */
int grundy_cli_main(int argc, char **argv);

#define main grundy_cli_main
#include "cli/main.c"
