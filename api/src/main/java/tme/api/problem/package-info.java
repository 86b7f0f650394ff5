/**
 * Why a request could not be answered, as one value ({@link tme.api.problem.Problem}) that every layer passes on:
 * services return it, REST writes it as problem+json, GraphQL as an error with the same code and status. A package
 * of its own, below the services and the renderer, so neither has to import the other to speak of failures.
 */
package tme.api.problem;
