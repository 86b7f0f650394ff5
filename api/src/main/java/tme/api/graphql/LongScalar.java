package tme.api.graphql;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.IntValue;
import graphql.language.Value;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.CoercingSerializeException;
import graphql.schema.GraphQLScalarType;
import java.util.Locale;

/**
 * {@code Long}: a 64-bit integer, for values GraphQL's 32-bit {@code Int} cannot promise to hold (Unix times past
 * 2038, exact subscriber counts). Output only in this schema; input is accepted as an integer literal.
 */
final class LongScalar {

    static final GraphQLScalarType TYPE = GraphQLScalarType.newScalar()
            .name("Long")
            .description("A 64-bit integer (Unix times, exact subscriber counts).")
            .coercing(new LongCoercing())
            .build();

    private LongScalar() {}

    private static final class LongCoercing implements Coercing<Long, Long> {

        @Override
        public Long serialize(Object value, GraphQLContext context, Locale locale) {
            if (value instanceof Long || value instanceof Integer) {
                return ((Number) value).longValue();
            }
            throw new CoercingSerializeException("not a 64-bit integer: " + value);
        }

        @Override
        public Long parseValue(Object input, GraphQLContext context, Locale locale) {
            if (input instanceof Long || input instanceof Integer) {
                return ((Number) input).longValue();
            }
            throw new CoercingParseValueException("expected an integer: " + input);
        }

        @Override
        public Long parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
            if (input instanceof IntValue integer) {
                try {
                    return integer.getValue().longValueExact();
                } catch (ArithmeticException e) {
                    throw new CoercingParseLiteralException("out of 64-bit range: " + integer.getValue());
                }
            }
            throw new CoercingParseLiteralException("expected an integer literal");
        }
    }
}
