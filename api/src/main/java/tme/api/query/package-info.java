/**
 * What the front ends that answer HTTP share of a request: the channels and format of a feed query ({@link
 * tme.api.query.FeedQuery}), read the same way by REST's feeds, the SSE streams and the WebSub hub's topics. Below the
 * front ends, beside the services: it imports only {@code tme.api.service}'s input types and Vert.x's request.
 */
package tme.api.query;
