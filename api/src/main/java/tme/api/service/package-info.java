/**
 * The use cases: read a channel's pages, posts and previews through the cache, loading from t.me once per
 * key (parse, render and compress on the worker pool). Outcomes are values; {@link tme.api.service.Problem}
 * decides every error status.
 */
package tme.api.service;
