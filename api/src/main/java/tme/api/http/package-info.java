/**
 * The HTTP edge: one routing table ({@link tme.api.http.Routes}), thin handlers that validate parameters and
 * call a service, and the one place that turns answers and problems into statuses, headers and bytes; and the API
 * describing itself ({@link tme.api.http.ApiDocs}: the OpenAPI document, Swagger UI, the redirect at {@code /}).
 */
package tme.api.http;
