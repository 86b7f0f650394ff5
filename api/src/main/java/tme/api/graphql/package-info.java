/**
 * The GraphQL front end, beside REST over the same services: a schema with the REST JSON's shape and field names,
 * root fetchers that call the services a REST handler calls (so both share one load, one render and one cache
 * entry), decoded copies of stored answers kept beside the stored bytes, one previews DataLoader per request, limits
 * on depth, size, t.me fan-out and estimated fields checked before any field runs, and errors with the REST
 * meanings. Nothing of a query runs on an event loop: it is parsed, validated, executed and encoded on
 * {@link tme.api.graphql.QueryThreads}, with bounded waiting, a deadline and a bound on the answer's bytes. Entry point:
 * {@link tme.api.graphql.GraphQLFront}.
 */
package tme.api.graphql;
