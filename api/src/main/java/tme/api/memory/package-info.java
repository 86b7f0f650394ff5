/** Memory accounting shared by the front ends' per-value caches (REST's body copies, GraphQL's decoded answers). */
package tme.api.memory;
