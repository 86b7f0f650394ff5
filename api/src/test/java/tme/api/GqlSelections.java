package tme.api;

/** Selections of every field of the schema's answer types, so a GraphQL answer can be held against the REST JSON. */
final class GqlSelections {

    static final String RICH = "{ string html }";

    static final String POST = "{ id view"
            + " content {"
            + " text { string html entities { offset length type url language custom_emoji_id } }"
            + " media { type url thumb waves duration { formatted raw } available title performer size format latitude longitude stable_url stable_thumb }"
            + " poll { question type votes options { name percent } }"
            + " inline { title url }"
            + " reply { cover name " + RICH + " text " + RICH + " to_message }"
            + " preview_link { title url site_name description " + RICH + " thumb }"
            + " reacts { count type emoji emoji_id emoji_image }"
            + " service { type text " + RICH + " title photo to_message quote } }"
            + " footer { views views_count edited author " + RICH + " date { string unix } }"
            + " forwarded { name " + RICH + " url } }";

    static final String META = "{ offset { before after } }";

    static final String BODY = "{ channel { username title " + RICH + " description " + RICH
            + " avatar stable_avatar counters { subscribers photos videos files links } labels }"
            + " content { posts " + POST + " } meta " + META + " }";

    static final String MORE = "{ posts " + POST + " meta " + META + " }";

    /** A feed: every field of its items (a post's, its channel, its score) and of its errors. */
    static final String FEED = "{ result " + POST.substring(0, POST.length() - 1)
            + " channel { username title " + RICH + " description " + RICH
            + " avatar stable_avatar counters { subscribers photos videos files links } labels } score }"
            + " errors { channel code status retry_after } }";

    static final String PREVIEW = "{ channel { title subscribers subscribers_count description avatar stable_avatar is_verified } }";

    private GqlSelections() {}
}
