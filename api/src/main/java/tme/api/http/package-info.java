/**
 * The HTTP edge: one routing table ({@link tme.api.http.Routes}), thin handlers that validate parameters and
 * call a service, and the one place that turns answers and problems into statuses, headers and bytes; and the API
 * describing itself ({@link tme.api.http.ApiDocs}: the OpenAPI document, Swagger UI, the redirect at {@code /}). Before any
 * route, every request passes the {@link tme.api.http.RequestPipeline}: its id and access log line, who it is from
 * ({@link tme.api.http.ClientAddresses} over the {@link tme.api.http.TrustedProxies}) and the optional per-client
 * limit ({@link tme.api.http.ClientLimits}).
 */
package tme.api.http;
