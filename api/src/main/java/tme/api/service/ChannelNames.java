package tme.api.service;

import java.util.ArrayList;
import java.util.List;
import tme.api.problem.InvalidInput;

/**
 * The channel names of one multi-channel request ({@code /v1/previews}, {@code /v1/feed}, GraphQL {@code previews}
 * and {@code feed}): 1 to {@link #MAX} names, each trimmed and valid. One invalid name refuses the whole request
 * with a 422 naming it ({@code channels[i]}): per-entry errors are for valid channels that failed, not for bad input.
 */
public final class ChannelNames {

    /** Names in one request at most. */
    public static final int MAX = 100;

    private ChannelNames() {}

    /** The names in request order, duplicates kept; items that are not strings are named too (JSON bodies). */
    public static List<ChannelName> parse(String parameter, List<?> raw) throws InvalidInput {
        if (raw.isEmpty() || raw.size() > MAX) {
            throw Inputs.invalid(parameter, parameter + " must hold 1 to " + MAX + " names: got " + raw.size());
        }
        List<ChannelName> names = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            String item = parameter + "[" + i + "]";
            if (!(raw.get(i) instanceof String name)) {
                throw Inputs.invalid(item, item + " must be a string");
            }
            names.add(ChannelName.parse(item, name.trim()));
        }
        return List.copyOf(names);
    }
}
