/**
 * The HTTP service: {@link tme.api.Main} builds every object with {@code new} in dependency order and deploys the
 * role {@link tme.api.Config} names ({@link tme.api.Role}: the API server, or the refresher);
 * {@link tme.api.Config} is built at start-up from the environment, read once through the settings catalogue
 * ({@link tme.api.Settings}: each setting's name, default, range and check, declared once).
 */
package tme.api;
