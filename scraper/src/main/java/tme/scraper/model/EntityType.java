package tme.scraper.model;

/** Entity kinds, named as the Telegram Bot API names them ({@link #wireName()}). */
public enum EntityType {
    BOLD("bold"),
    ITALIC("italic"),
    UNDERLINE("underline"),
    STRIKETHROUGH("strikethrough"),
    SPOILER("spoiler"),
    CODE("code"),
    PRE("pre"),
    BLOCKQUOTE("blockquote"),
    TEXT_LINK("text_link"),
    URL("url"),
    MENTION("mention"),
    HASHTAG("hashtag"),
    CASHTAG("cashtag"),
    BOT_COMMAND("bot_command"),
    EMAIL("email"),
    EMOJI("emoji"),
    CUSTOM_EMOJI("custom_emoji");

    private final String wireName;

    EntityType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
