package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Media;
import tme.scraper.model.Media.Photo;
import tme.scraper.model.Media.Video;

/** Photos, alone and in albums, from recorded t.me markup. */
class MediaParserPhotoTest {

    @Test
    void singlePhoto_urlFromTheWrapBackground() {
        assertEquals(List.of(new Photo("https://cdn1.telegram-cdn.org/file/AqX5QJmpXiolNyLq3Aq8-4eqTHJtpueMZqcszNrmWGgUt4I4iaH-CPxmqR-QPdgdzVtE_rX8cpCOgeAOsN9Ais72d79W-56VIEOdCenSvm5YuK9nHh-faVhkQAnTnw3DtOobB6G3jbZRDvHdjhlxyojAwvNXWGSyfIzmaEPq9C_ut2VXo5gJk8ZOAUi5OfxIRf7UVSyNyXbfKXZPwDdok7uTLp1gTaLacKNdcHN0Wdo0NCj2phCO_Hhv5zOqvJkC_Ct-3d3vv_aa03gOWTXzGtq1sbrlynldi9zVtWn6TOsNBGzDGSWqcm7WUe1QbddpBeS7VQWqyih2fKmhKLr5wA.jpg")),
                MediaTestPages.ofFragment("frag-tchantest-photo_single.html"));
    }

    @Test
    void barePhotoBlock_isOnePhoto() {
        assertEquals(List.of(new Photo("https://cdn4.telegram-cdn.org/file/A6p54HYaRl2Y5OVv2FqiNP4kFUiGcD5CbPHB7RjeTkIpGN4__mih26f325H9cNOKAo3_60_eF29mxNw0b5Pt21SnNLlJJob7zpIZUZ5egBxUF0mC_ZQaohP3QeCK7QR3ELhkLEocq6qspv54stUbEMpZZ6WuXaXav6c2k6PPHU9pqCtSHJAAo82eNdsDuLszoVYhV6I4wuctaPJaaz_0ee9ixwbXIz6ujTbD2CLVzsIen2DdxeD7mc2uH-CRj8z0LMxjxCMlAKjlBHCd26ZZH9JyYF18fUURUYlzhjcXbe5I8q9I1oqa6sbhJ-mBT9tDXagXoq4t7boj7W9yKFHtkA.jpg")),
                MediaTestPages.ofFragment("frag-any2feed-media_photo.html"));
    }

    @Test
    void forwardedPhoto_isThePostsMedia() {
        assertEquals(List.of(new Photo("https://cdn4.telegram-cdn.org/file/keYrQp0kfuA-v2y8PsdF0DmDlrXxR0ahAfvzPejy_Ep9yvE2ifeOVg7KecYozypkyzAmG47fZgsRfctEYsls6av-ztLnYC4tGiPWDcqW1knXGR_m3X1UT8Nxu76NIDYnf-0DLI_NdnbS4zpSUX2K-S0XhZExZpSoY4LBFHkfrFJXB-jqd6WvHr8nZVNpJTQiEVhwWfKYhhZF3WVx9ppAZ7sqqYKFRu46X3so4A1epPbMLkwl5L-4jzBa3FEar5CzUX36Zdp0ABje-YtDl93gJ-TXUE3wXmnZV-dHk0uwYraqZ2szpXK-3km9jCXMQdvj5Si1eEcJqPOLwZrWpwb1FQ.jpg")),
                MediaTestPages.ofFragment("frag-any2feed-message_media_forwarded_from.html"));
    }

    @Test
    void modernPage_photoInsideTheSupportedContainer() {
        assertEquals(List.of(new Photo("https://cdn4.telesco.pe/file/EiSFoHsjU0na5hS-S8BT27tBZb911okKnlhVoio3l4TlJOc38-kpYxX6G6DHfL7ZhwtUJJ-xRbikGxVRGkMXoObd4XRhf-6Mkdxg079KCOqBWOvqFufB35UdiQ1TuiFQUFLBnLGBt_n3G_wIdaDCfdSFUE0Kbvaa5ke9Qev5t71FsoZwJc9ajBXKS8Gy6uDYUetOV8R_lfPMtJWOrQ3W1OEFHiJ0hrbXnbC-goVWQddro3woiVKKkBZBzv1HXGIjUBh_VOGAyP2a3bnIx1W3qOImys47nyVlUdiG_krdClC9QeLJJe47Kmo0f6xHgNydz7kNNrTVmvYpq8ERDRg50w.jpg")),
                MediaTestPages.ofPost("s-durov-2026-05-hortay.html", "durov/481"));
        assertEquals(List.of(new Photo("https://cdn4.telesco.pe/file/BUa-bBGjvJpUmF75VLwQIJB3E2lwNY6wOCJjD00wyI2-lMdeIK2Nzqhqw92PmzwdrpLZxpLUfIuZIuZ_4xf3IQIfUXr1wqwslde3EPO-SckDwFM_eo-vdiYsNnuEcqRzMUzqkkcqPzw3tZEM11JCpuTKyayeM6ugjy8iO5qMgVtHXcFhE8g_g6oMdKy2jfaAcNB_P2tgh8B-J52bAQdVZadM9HcNq_C25XSIFVrqjyZCUbqc_mHTavL0FePUVrmNZONU38NtqzJZmveZeVGX3Rg7fplEbWSgTUlc37fPkgUruvRks5UWCroeVM8XIfzXCdB2717lmxjEVcWydMFgTg.jpg")),
                MediaTestPages.ofPost("embed-durov-505-2026-05-neotolis.html", "durov/505"));
    }

    @Test
    void album_twoPhotosInPageOrder() {
        assertEquals(List.of(
                        new Photo("https://cdn1.telegram-cdn.org/file/QMvda1Z9IET0DA4-jsfevuguTxnTpn6omRRA7gfRfYs6VCmxjsZdeX4R6k4n7rYe7skLclk-A1G7Dw4UuYzV5Ogj9KkYlLSsJD2x_WQDRqmUDauUWEAGa-JNACCFBH2zRJeFwb6OvAD6itpb05MbvyMVvsR18sw8Qe4VcPvODZmfKGxQ7ioslSsxTKoLz8KEAIcvPqVLkJKjkPVERS6u8QBSS-ZPOWu6RvJsS0_fS7oCTSfLjTmn3EfGlU3BvRAmNcVCQv7Jz-CPNBgXHUk5Bru05WNpsdaoCVfX9PzeDycLIoHm5S55H_TV9zocKvg_ZX0NVyLE_Em_wO7nbDwDRQ.jpg"),
                        new Photo("https://cdn1.telegram-cdn.org/file/CrsaR3dLCwSaTunI7l4nSUu5G7du7049yHXuZwbiOjAfSDEMrJaKiJ9-ly6RJOJf7wSYPGjpUppSBuqLkTbMIl_CMEpS_9nVLvNusCJTRXbhJbU4UFsTxiM89YyDE_9bapVEjoS9vhRS7qw1zSCbV2K42W3TZvvQ8scfiI2xiMIsRkw-YzpIVxbkzpeWz3-US6fi7DswlIobEgCG0uxmHdr6q2FEFOn9BCpfQHlrDqq8rCA9kBteMinAEkALObzktjJ76PMFWQZbQCcKIofW9oOThEJRAdFrRaho9PwBOQIcrSf_2MQmyqg8zA79k04ME76FsNNw3xr7xA160MHckA.jpg")),
                MediaTestPages.ofFragment("frag-tchantest-photo_multiple.html"));
    }

    @Test
    void meduzaliveAlbums_threeAndTwoPhotos() {
        List<Media> first = MediaTestPages.ofPost("s-meduzalive-2026-05-hortay.html", "meduzalive/141890");
        assertEquals(3, first.size());
        assertEquals(new Photo("https://cdn4.telesco.pe/file/BNw_99qE9YFgJiDF5tOsR1l1eNz4Y9IhXo52BxAsjUzOiDqD4B8NeOSnq9zQO6g28LqvtIaKBeWRw0PH1laDD3iG8pZK_TSi4A2K7bfRcVQm2Zn4Knobcwqt4ZNhvwK4vm4JA5PCBAZGt4Vxe-LS1yW379xw2zmZDKPPWeKECBwyt9v0PP7Tx7re64CUf7ou3DLdnHeEnQGpnq73_u1PqfC5LswQdM9hBaXq84hFpeM3qCvHZ7QOTJvyRb7E2tD7TzNObJitvS-TVrvLEAiMrA4kz22aqW4rNEPayxWHP2vFx9AhsDAMe8DHKZzHN7KB_A4VRXiFBvKIhAn3HFtVmw.jpg"), first.get(0));
        assertEquals(new Photo("https://cdn4.telesco.pe/file/UTvtEZlu-HPZ9_74SDRMFdXaea89AZBlex8K88cFjj33rL2LLe7MbQX6-lbqbd4u7WX6MsLutQWFyOwaEJxZa4MRpTIEHcznABmycW5AbZYDvLhsR9zpJNOtDAmGJ3yXmXgdae_Wv0W_IxgYGkeFMubaguf67RPVIQPRoFoRqHqApEE7ovBdil3YX6wiq00tWeqWTTM2DeAw4eNAgLCTozqR0quYXDDWXM24lOiaZ4ksUN22ljdKRbjrW-i3aD5EPh0tr9cbZud6AwE0DoWMeJM_XdWg62XczSbVJh5f-5_ESHlMSCOyQvfDpQnZPfthONdW4nW_V8U54DIZKb9Drg.jpg"), first.get(2));

        List<Media> second = MediaTestPages.ofPost("s-meduzalive-2026-05-hortay.html", "meduzalive/141896");
        assertEquals(List.of(
                        new Photo("https://cdn4.telesco.pe/file/hpzQqbhDFaztuK1p9IG8pZs-cxy_JZDFCTKm73xXBfq8EPGw4ql7yGFx8IFthA5OnxnJgNl100pqZnlY5JYEfcQrGfw7YDNu10Niu6P3eDeFUcIDr_qCdKz1DM_Dz0SE57rRGEYiLMgT62yQpCV3iCihbhY_og7uEwiMec5tvH-pEdZrvpksYE-ieCHCTdJRbKApZiCHDiY-MCL-iKBYr5e6hE8MLK_mColdXZ0xOpnR4bxAkRUvhcQde4LgMspAl6J_pFovj3lFwpxixsftQ2BeS0rSNsX0bzcoemAl8RHGLHt7OcuZvAnrbqRk1tpi9Z1gB6DsKgJTQZa140VWOA.jpg"),
                        new Photo("https://cdn4.telesco.pe/file/V_2Cs0Jqywsey5eC-r-YPQbUD5TusOo89zMU4ybsRg2tZXNS1CWmi8KZjoWDxJe9d_p8t-k6txVFNF6s8pnRjXpjbQ9Aew6RkrwwpMbLJD_Ms1iyptucdT2_4aTN8NylxZZTtgNDtlSJgaLfvSrHAH3Q7ZOkg8-m4d5YDpqS8I6N6C1WMmWj1XxpzdcFr2H8BAvJP80AA1zDw02ZsJ3f7kAwB-JlDXKc-8FXvaP5wa81mdbFoAXpDtvYCCk9jjJV5U7gmb-2UAgbM8FUPB21l0ILFrbGkWCuW2MmlGYiPb1_cKPkHrjS0Xn6eX6qqu3jQM3nLImA_TEn8B44Wdgpng.jpg")),
                second);
    }

    @Test
    void topwarAlbum_sixPhotos() {
        List<Media> album = MediaTestPages.ofPost("s-topwar_official-2023-02-any2feed.html", "topwar_official/71000");
        assertEquals(6, album.size());
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/Z5akg9PsNWdrehICSg3rEpD8bxGjCf7O5hzCCAA06igEciKho3PsC1_J9inYXhbQowZ6VOk8FTOxEtYAY_Bh5NEzgEOdzvH1jGKnCuBUaTS4DHsYRQr7qLNzmEUl2OjOMlKCpGPz13EbAwHxF1ZyZZqJJ5XLrRiS24P7HHJgkUoA9O9f_M1Ej5bBcAGz7aEaau28qemmCJ3r5jePmXXYCGfWqFn5URmioTUmMQpSQ4RXIhCiY8WJq1ePDBRKl2dr7IKVmM5ZY4Q7ODl05xoznMhMWEfWFfxTUlumIDjdH5OMI-8DDdR9K3OzC02180jBmhhR9hFZXY50Vtfxhyvt0A.jpg"), album.get(0));
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/Zj3Wg2vybFgi1CG6O6iDm3muBMo1ss1Gy5U9RPIQ9JEkKjlt_W3xcHZdn_9JDcd1SgbgV46wYI2Lh5DryZKutU5_lqrwe_7lFW51hC8NamGIxDHtMO0636DjVPTDr4kJ9s3iHLUpvFZIft5OemqkeKiGm9qJ7Yp0QGWPiKRx42OsGQe3BuKLjZuEKDGoeOH6gci09vs5POmQoHMr4Syx3D-g560CH8MJuVxZQaUfyMW7yx-uz_SBqjq9pZO8iEiaQiGBynSjf0x11kfnEn3LtnFRV1eJ-G8ehW2HpDBpYP1xietjgCV9a3M5it-tVW5ro2vfJOBQKOpOViEYCAMSFQ.jpg"), album.get(5));
    }

    @Test
    void mixedAlbum_photosAndVideoInPageOrder() {
        List<Media> album = MediaTestPages.ofPost("s-topwar_official-2023-02-any2feed.html", "topwar_official/70992");
        assertEquals(3, album.size());
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/HL75Yw5xRImP5vG7ECqDQcTtpHc-8jtv0L_r5s216S954PhwnBs3SCIT1Wn3Lc9YqKvDl6TG1uF9kgoBehymAWZfxBUHF8WRJf03otzExiGkxz6Z-uuRfnBARH-desp80pFRSbcWapJsuJEFSVPzLSazfSLJu9XTgeujeL-2hKNVL0CeUMjkeU3srxN4CnhXvtv1uWoMA4yDtdlGwZ4QCLAXG-EGboPrAQ53ERu-rThG_K6kFSJLvx1joSl9Ojs_jbqkqZeNQW1YeqQVO8Q8oRPv3oLBsud4BkxBmqOmUOF30j3c1EyaYVR4enhWme9azGTAl4cZI4MkA1hB38nRWw.jpg"), album.get(0));
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/hyNfDoetn4JLNWgZi3-_iRzxfeNni8iQ8MeFyr2RMeMGVMEJjmdfhjWlWsKlKhcUGmEepx4hfr3mm8ErV4j2c82gxT20cBS0Fy5ZDfJ1EzB90kBEXx4DmOsNyziOhITEHeGUGt0ghtY8Ho53IFcFBVP_SZd97WP5chPNC4AGiEwNDxBrfEpbDf9fPw4mJxs3xFCmjHic96xTqjzusBzfspJ8OPe4sbrmh7AEzgZQJdT665eJYTJXpIneJBk4aQ_VB_X6C242GM6aWelR2PD4Eh1Syu85b1bjQCGDoayujfXs0kSzjg-t6U75oqHD004J6jT-bamxIv7I1w0lqQO6kQ.jpg"), album.get(1));
        Video video = assertInstanceOf(Video.class, album.get(2));
        assertEquals("https://cdn4.telegram-cdn.org/file/ee2e53dc9f.mp4?token=JuO07YFPvW0dzxRfhWOTLHwF6PqUoFb1a856HkjtdZ_atNpSKLIt7q9miCvRswVbLZFu0aNoFJTF1AXYHt5pUQs2uzs7-mQR_naKUCqRnfO8F_xED5JAXWkmn09Y7ZicfPJz7RILs5D4IoOh8pBFFPefF8Js5bx14vSfI5OnhHcrm0JGhXg6BFa6wL4ONWhWPgV0x4XhCGovaeuLLtXygcR6BTclw9TVS3iyl3He98Y3knGtmcbWHw5wWK2d8v-GHDzpjKrPLEG7ueW6pEI_R4HcJ2jg6X3e2S0nhNRVkcCLtetafUgnjMcDbARLszCK-n7khOpZMC0jma49cug_uQ", video.url());
        assertEquals("0:16", video.duration().formatted());
    }

    @Test
    void fourItemAlbum_videoPhotoVideoPhoto() {
        List<Media> album = MediaTestPages.ofFragment("frag-tchantest-multimedia_message.html");
        assertEquals(List.of(Video.class, Photo.class, Video.class, Photo.class),
                album.stream().map(Object::getClass).toList());
        assertEquals(new Photo("https://cdn1.telegram-cdn.org/file/CrsaR3dLCwSaTunI7l4nSUu5G7du7049yHXuZwbiOjAfSDEMrJaKiJ9-ly6RJOJf7wSYPGjpUppSBuqLkTbMIl_CMEpS_9nVLvNusCJTRXbhJbU4UFsTxiM89YyDE_9bapVEjoS9vhRS7qw1zSCbV2K42W3TZvvQ8scfiI2xiMIsRkw-YzpIVxbkzpeWz3-US6fi7DswlIobEgCG0uxmHdr6q2FEFOn9BCpfQHlrDqq8rCA9kBteMinAEkALObzktjJ76PMFWQZbQCcKIofW9oOThEJRAdFrRaho9PwBOQIcrSf_2MQmyqg8zA79k04ME76FsNNw3xr7xA160MHckA.jpg"), album.get(1));
        assertEquals(new Photo("https://cdn1.telegram-cdn.org/file/QMvda1Z9IET0DA4-jsfevuguTxnTpn6omRRA7gfRfYs6VCmxjsZdeX4R6k4n7rYe7skLclk-A1G7Dw4UuYzV5Ogj9KkYlLSsJD2x_WQDRqmUDauUWEAGa-JNACCFBH2zRJeFwb6OvAD6itpb05MbvyMVvsR18sw8Qe4VcPvODZmfKGxQ7ioslSsxTKoLz8KEAIcvPqVLkJKjkPVERS6u8QBSS-ZPOWu6RvJsS0_fS7oCTSfLjTmn3EfGlU3BvRAmNcVCQv7Jz-CPNBgXHUk5Bru05WNpsdaoCVfX9PzeDycLIoHm5S55H_TV9zocKvg_ZX0NVyLE_Em_wO7nbDwDRQ.jpg"), album.get(3));
        assertEquals("0:27", ((Video) album.get(0)).duration().formatted());
        assertEquals("0:08", ((Video) album.get(2)).duration().formatted());
    }

    /** This capture's browser rewrote the style as {@code background-image: url(&quot;…&quot;)}. */
    @Test
    void albumStyleWithEncodedDoubleQuotes_givesTheBareUrl() {
        List<Media> album = MediaTestPages.ofFragment("frag-any2feed-message_media_photo_and_video.html");
        assertEquals(3, album.size());
        assertInstanceOf(Video.class, album.get(0));
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/hreFvq_I28dSzoM2DmY7nB4dqOYfR7q2EKSKvlAw5eFp4h-AtaBZEeeCx5gDwpY47QIJE-tnLPFIrP2-EuljFMJ7xVFSafZURgBvb7uxrwgbAtF1n3WoWs0fW_JKC_lZuLOPK_ay295GBQYFahYhpA9g3SzQy9k-JQvthY9XALmhcx7F38CFAWtREA_T2MsBjzZITWBjTyuC2Z10u9dlsCg0dmyoHPsj0v-XC3JAw-Ky6k7wttSyXdmMm6y4hishYmQ1VIarq1tLpdGSDhJGRrQAacgIvLd3v1-34_-fO_UCUkJ725x19TeWX7nJyjcXxcocCbofGPQbcG8UGyORgw.jpg"), album.get(1));
        assertEquals(new Photo("https://cdn4.telegram-cdn.org/file/uncPmElZ9yFcNTWHzfyFA4HdbR-XFOQwoB-vqkRnP8OL07B_NIAHnb-iZnM-kH37F8EybD_Y68E1_OglL88XJFpTYfZirKY5dTH4Xb5jpmNXOhLzVA4IIgAIFsgKY0DMA5-D7v1YUOaLKc7zN1LITqyDcEuGk2okKpVl1K7qddvjed9cB29G7Kpmnupfl3J1sOxnqXJPQnIRdUgKx1-1CTrEJyz-giMDutxZzpNbyKz35M9U6X6_3Ym81eafu2j0u8MS08CsKJeczM-_BYaUtneOTZ0JLovP-NI5-u795pFHULYQErOhEO7IgX49IGD5P4dWOyoMRUA2oJGVmY8NeA.jpg"), album.get(2));
    }
}
