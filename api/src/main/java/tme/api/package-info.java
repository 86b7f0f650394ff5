/**
 * The HTTP service: {@link tme.api.Main} builds every object with {@code new} in dependency order and deploys the
 * role {@link tme.api.Config} names ({@link tme.api.Role}: the API server, or the refresher);
 * {@link tme.api.Config} is read from the environment and validated at start-up.
 */
package tme.api;
