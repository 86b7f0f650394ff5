/**
 * The memory plan: the JVM's limits ({@link tme.api.memory.JvmLimits}), every pool sized from them once at start
 * ({@link tme.api.memory.MemoryPlan}), the room left for a copy off the heap ({@link tme.api.memory.DirectRoom}), and
 * the accounting shared by the front ends' per-value caches (REST's body copies, GraphQL's decoded answers).
 */
package tme.api.memory;
