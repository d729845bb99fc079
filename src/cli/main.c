/*
 * main.c - the grundy command: everything is in grundy_cli() (cli.c), so
 * that tests and fuzz harnesses can run the command in-process.
 */
#include "cli.h"

int
main(int argc, char **argv)
{
    return grundy_cli(argc, argv);
}
