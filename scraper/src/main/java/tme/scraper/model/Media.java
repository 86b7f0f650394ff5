package tme.scraper.model;

/** One media item of a post, in page order. (Placeholder: the media task turns this into a sealed type.) */
public interface Media {}
