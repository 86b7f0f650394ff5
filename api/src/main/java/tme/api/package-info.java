/**
 * The HTTP service: {@link tme.api.Main} builds every object with {@code new} in dependency order;
 * {@link tme.api.Config} is read from the environment and validated at start-up.
 */
package tme.api;
