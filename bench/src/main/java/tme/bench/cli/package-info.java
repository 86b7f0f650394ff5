/** The command lines of the bench module's small mains: {@code --name value} options, read one way. */
package tme.bench.cli;
