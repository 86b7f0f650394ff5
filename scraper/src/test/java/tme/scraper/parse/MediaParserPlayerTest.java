package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Media.Gif;
import tme.scraper.model.Media.RoundVideo;
import tme.scraper.model.Media.Video;
import tme.scraper.model.Media.Voice;
import tme.scraper.model.PlayTime;

/** Videos, GIFs, round videos and voice messages from recorded t.me markup. */
class MediaParserPlayerTest {

    @Test
    void video_urlThumbAndDuration() {
        assertEquals(List.of(new Video(
                        "https://cdn4.telegram-cdn.org/file/6a6c95d988.mp4?token=TY0hBQwDmK946BVoyAtdQatxS6rJXgtu1CyjZ7HPi1o6G8AslKMAobUGA4lvspBnFKGZGTnzDPkv8nUpQk9ga9_k4kl5xlBAZ-bsGmfRth2KHJ8oBFB5wBV832XuflJwHgjhPCNcQu9wD1rF-0fdljxmnyP1yKLco7U28ZvclzX-JuK_6_Es88RAsBcNLklkkGibXrC_J2XyNkms43QajKZO9UkWEPRfklvi1bOw5wPM10sCMf2nJpaBLwBxIDmrbv4xxwLpU9XWp_maJbXGoykBQ4-6EC1TymHQADb9vR0MMALQnPimfHaZe3OHu2LJyhUDkkajRcF1MXlrz00PDw",
                        "https://cdn4.telegram-cdn.org/file/sXJ2Wl2lf_FSupkaxf9uNlo1YoEsQY5dNTiMsZy8fcY_xYAvyalwXh5QemtCJJci31FktUHVT8NAVy8IA0pz1LSTQXokw8B7mE7xfrg2UkL9ZDhWPyT4sB9RxN9XLfDMLzaBHMvcCVzFIV6e8q69nbqEKhDKCKZKuxocRPmfxrQeSYUtojk0PGYXnDOp8Ev52JrHvBMd05L_07dfVRZog2DZN6aSwTL5AkJplbrIfKOv7eFn0NJcZZOs2bpRdw8TBlrIc4ci28RzAKw00q4RR8ZCYc8d_FNSFYOc_tb-AQnwEtuQjrSbexNYyn0-7VyW2e-2hzva14vtciB5vD0K5g",
                        new PlayTime("0:34", Duration.ofSeconds(34)), true)),
                MediaTestPages.ofFragment("frag-any2feed-media_video.html"));
    }

    @Test
    void modernPageVideo_oneItemDespiteTheTwoNotSupportedBlocks() {
        assertEquals(List.of(new Video(
                        "https://cdn4.telesco.pe/file/a5b199be2a.mp4?token=vxNpREGNsoacCo29t5h92VjF1zrev8TideWnez37Racjcs0klLEp8UF42r8RcYt1eMpPqJNlO04Rt5TbcUpccFs4qPIks32TzNZyqRS1iV9Jp_9HsF1MvGo9_z4Z_XGpgqPu49qPnj3KKELA4DUEsVQNZhy4Cuf4FTlGpUaBIO0qOfdC5SAESzwTfPvVmfbzINIXlWMiId9CSpUXCGQ_B4dl4E3hqSZrYdOEKwVjSdZo8jywl0wL2fdnXbGcDXMqk1xYPPOkcYliP2XXvMwl53oGmCkseQUmM48Q0uZOdTCEEFKuWOb93EoXkr9r5pMVXrKsz4HATQl4KcQRvsvtqQ",
                        "https://cdn4.telesco.pe/file/IMc3OYiV7f__AzvLQ74P0p8BL-nxR_y5CEF2SB-pH6sjj2uejJfX1izZ4PWX4ISDNxAWLJsQUtIHFonY30BTcKqDUSL78Lw5ibjYJhV6RqJvcnXbZezvYGer9L01zQe7DzfA2iI9F-dfd23CRXNMbjxMOFCFG47mF2E3TG_J3V9ptFx3rhxEBxPKR6EgT1XIjIPEh-Bph0K7mHHSx0TLJuGzrJvavO6XhWyseaCgMb44ShModyKgke51lOjLIlM0s13UOPLhB9fFpEsfXIpef7dTxvFcObL_6o0hhdhXBo1Zisy8QPXP1nfOL9AI1hld1vETSff_2S7iMJ1lxlMWvQ",
                        new PlayTime("0:09", Duration.ofSeconds(9)), true)),
                MediaTestPages.ofPost("s-durov-2026-05-hortay.html", "durov/489"));
    }

    /** t.me adds a blurred background copy of the same file before the real player: still one video. */
    @Test
    void videoWithBlurredCopy_isOneVideo() {
        assertEquals(List.of(new Video(
                        "https://cdn1.telegram-cdn.org/file/61dc623809.mp4?token=K5rf-tYZuK-hwjpm2Aa8NLNZI54LnZSlUftpmFaAjXdqeUtO0xfykZx8zfupPs7TYNYHMTDKJcmfoDs66q2bTsAk0d1kwrwZrArAGYOWBnJmTDualrn2gIQ8_VPKEQccf_k_sGyzGcbsCs9rkdlOTWMUQXOxoKDQ12X2hdnPONoehz0KAR_nH-W0lGKGUuxbUhu8yFVZGuu9JLFSp5dLprKNy9HYAJeh8D7yM3lZ7GmIG3ck5GLdjeYzRFx96sn0NviOl8H7kHcoDOCv_CkppMpXWninC8yboJUsmPISjfwQOiDD9ZOE2wZb7TN0zYSAHDFEy0Ga1msxs6f1j7Wjyw",
                        "https://cdn1.telegram-cdn.org/file/WiZBMqAIrM0sjmV7tKxjJQ3BcyP04k0bU3i1_kCI_cipeYNV2EgXyUIZ8Jii-7BMgdpGH9HKFCY8NuzsnvpYToh3PJdSdd4aOwSrYvu8uGQgogharMY-8IjAdcFNQh0stJ7r1-3mjJCT-1SojXo1LOBCt-sX7PI9woHjvqPFDDJyv9-xNbEgwWYMuKUyCA6Z1aKsEAz0wIDzLil4IXze3_neSQRkSlqWUnCGV_JoPy-qQuJd_6do_AnJMaLwlDcFBYAzZ-sX1kJC03qWhtjHUy9uaG9j8z23C_RcSlhWPTYPQi5t0x1HQXRWm-kaASMrghIIg9HFSu4MdCLOb8IgIA",
                        new PlayTime("0:06", Duration.ofSeconds(6)), true)),
                MediaTestPages.ofFragment("frag-tchantest-video_single.html"));
    }

    @Test
    void tooBigVideo_unavailableWithThumbAndDuration() {
        assertEquals(List.of(new Video(null,
                        "https://cdn4.telegram-cdn.org/file/IMkSHRbvHUIIZKDwIm-sRYJvUdcimoRy_pMqcP9vczAxXuhYfRX-5m7Thc_Yj6DT-PKJu_436o5s6LSe6latdvU8Ix4-x_XhjoxFRRmIqplCzMpJcsM1WlbXpqKZKu-kJqDUYmAgo22OQO_en3K7Mso18NPpwdSrD85pRx3hRCoRgX9uCUts8Sjt4moFrnM2tDl1vN24h4fxqHWeUkH0LGIBnx4J0ahLxkazV-LqZNLO7lLPtRgZ5EWJCBXUmjOQO8qolo0oX1ZK_8wmaBdl00IIcrLPX_UnBVcRE_kxnEI0EKO7p586MZfdZQhksl_qX0jjU8P7p8d7zUtI75nXqA",
                        new PlayTime("1:09", Duration.ofSeconds(69)), false)),
                MediaTestPages.ofFragment("frag-any2feed-media_video_too_big.html"));
        assertEquals(List.of(new Video(null,
                        "https://cdn1.telegram-cdn.org/file/HyfobRUDoAxInyfbDVXk1q13pW97NtZN0TYuraxfsJLPps5R14DRXfT1DN2qZkAg4UIpu4RE0frU5LJLK3Y9oWyDgw3Y-Jg92EghLSe0Wmb6dMqCFwoz2CISl_hAeNgDksSQ5i_feURS-NzwXJRHeHwqz1funqsyNkdC5irHPSglylhsf3ZdEZMA4b1XqYrU3Zz4IgT3pLz0HcPSHcxHSyRAGjmb6vFbUYr-qThcvTD7HGXdb6gVRhV3bQyzo8xS9d2Vxho2j735Rxnr5qaprcef883AEuYuDSD31Anok_s6cvOz0jurCG8jbtonkSN9omsub5oyLrvT0H2ZQ4Gx3g",
                        new PlayTime("0:52", Duration.ofSeconds(52)), false)),
                MediaTestPages.ofFragment("frag-tchantest-video_big.html"));
    }

    @Test
    void topwarTooBigVideos_unavailable() {
        var page = MediaTestPages.ofPage("s-topwar_official-2023-02-any2feed.html");
        assertEquals(List.of(new Video(null,
                        "https://cdn4.telegram-cdn.org/file/rxllsyzi0upEESVL4mM8eOaecWAKhc5WDiYi5TsGaAF3txPaoSh_wNjRQu3vIKemKS9zD-pdB1SH3n9duU_cwUAzl7wXEjwTSovEpKG1oWpiPTaOvi4a3UaooDJUVFIdMkLlvO9cP9JjBoYl7F2dG9Q5FXCvhLQWru74vMwaSD8E2eccQJcXew-a8beSCvFkpcbjeKk2DGNxeF7OftCCT7qkActuvsNK0P5wD9hybtiDiD1VEw1ujqy5CxAs60T5LaE6FSq4LxIsK51R2vN3CdGhRFuS2dzEqRJP0p_1q2N2sY5mS61ozB4z87GFlmGjZh1nZ-07jJIQLChBvKYljw",
                        new PlayTime("2:57", Duration.ofSeconds(177)), false)),
                page.get("topwar_official/71006"));
        assertEquals(new PlayTime("1:41", Duration.ofSeconds(101)),
                ((Video) page.get("topwar_official/71007").get(0)).duration());
        assertEquals(true, ((Video) page.get("topwar_official/71008").get(0)).available());
    }

    /** A GIF plays muted in a loop and shows no duration. */
    @Test
    void loopingVideoWithoutDuration_isGif() {
        assertEquals(List.of(new Gif(
                        "https://cdn4.telegram-cdn.org/file/77..0c.mp4?token=...",
                        "https://cdn4.telegram-cdn.org/file/lttz79MkTD38HGJO0R4KBIhsJO8OJKaessO5KKDszspDcllXS28odYNNGpEdnzVTyEoVe_V3R7MfmbaavUht4YRbEOC9gm8jujCI3pA0mzBuaYHAhwCWX5jM67nDviML_LISdCb8LllG7bw4_sZ30cpQvPtQuy_voXRgFGh8IBRLCEANeKBtX4XbUnpaS2CmFE9g3zHUCeN_Tvu7BJDWaJ96hiPOgm0spZnc7YJcW81QlPwbOf_1Z14VSVSpo9HmpCTFhSRMSmrbyzXlAvgmZ1pu15yxVHDDvFfuKfL7XnUk-U4PSISRbOx8Cow61sWRtUPCrbvTVoE0Kai8QZm_vg", true)),
                MediaTestPages.ofFragment("frag-any2feed-media_video_gif.html"));
        assertEquals(List.of(new Gif(
                        "https://cdn4.telesco.pe/file/05b3c8b3b9.mp4?token=aC5WgzhO807xX2YGzG3wZVKn-rbbBdJ3bR_DLOxNMRFKqg5m9xKE8T0Cv_QFSe7Xd0b5vo73_JM3TQ2BmxGYFyox0oEFyv1qyPCwGwtn1ZzW5Gtrm4K5Ycd32hrAU0yUMwEUnwn0tSh7aLrt96yDkX5xIQH7dWyDLLkKB9pNf6P-Q4sCModzDO_8dP42o9VOL0FtEF2ROpyEj4coyEV_AOs15aRYpz3xBghE6ypv7pSiMAObYGm0We5IejwzYIV5rsm7Naxv1CA4P07HXRaJFdJ7YOgH0slrOdWVSs2jUtufRXuJfJ6hKcLJ0C7-LqawWGM4dwnHL3x5SkXOT-RzQA",
                        "https://cdn4.telesco.pe/file/BvYOb-FJoCX6dSdA_EJZ0PnSKLvvb0aeqWgyGnXR4w3ocsY2KUF-gNcJfhvv3ORrNW0ZnoR6lNYhGHEvcIEJdGsilan0W-EP43p552O03HBIgB70RbW1bBnZkGx8DRY6V043f8pJKv8OahFK78vY5bDM2XxVgeQqeCFLVmwc1qZrFfLCOMBrc6beNC73wbFJBBV4No2E3n-PEP-HMyom8h6S5hKOtHlVaT9SW_9Hb9V59_10m0M_p6w6bwwS28c1Z0Hn4dxpH1sMEgA1rMDAV2ET-pyJiCk35Fqy1A3nMNOQwaqj7Q1h8L2eNpqrZ6u15ybUy_5qz-AQrxKIBUqL0A", true)),
                MediaTestPages.ofPost("s-durov-2026-05-hortay.html", "durov/493"));
    }

    @Test
    void roundVideo_urlThumbAndDuration() {
        assertEquals(List.of(new RoundVideo(
                        "https://cdn4.telegram-cdn.org/file/abbcfd1c60.mp4?token=GcMS5X7D7HdbCnBm6ppW-rHMBR05qCcFPhL1DHJySCVqmq_FiQo1m3J38gj8rSXrUIJNXxncqF7W423Ow98LgzCOmnTfXU7pwqe4h3Rxc2LgjY_MqzPsgp9tP5MY-9bQq5Ek2WUMqVmF71GqES2zCiewpI0o028s-ETy3t_1UEVtfen516vTEXRA7BJGBGsV2M_Tg5n4fYXBsyaV3sUCPape-TOA5xNsJWK-Dufey4x0confdUwx3zI8naHOYUpTCcLRhO9RZMHZueVOl2J9zyn68iqY1RzNda7-Nb15u9hoMRWgJLVknl1qCycJxVt-fu4yajIVeIqC4FbVUIY4JQ",
                        "https://cdn4.telegram-cdn.org/file/gyTl8HKRG7WGruLu4m9L_VZZtdF0Dg6Pfg0R7SSm_RPRCQFBi4IBvaypL48ALE5L72iM32zUwxCt-2ajJh7X3vSRo-8HNjnKs-mK3bLtYk9msqWhdg-A0rrYeIZ5XrGJE9x_DzKq5oohfvGEigyXi87hacBtYMINkPXH_S5dIHE2Fmi9OT5VHz_7GDJQplLvUBCB-9U2vSol_UdEXvbvcdPVuJA0czbegfaHEWldFrW7ZZY4M-p-O-auATF-vBF7_pIgoIZVs2dxwgOu_y-H03dHuttEpWhTOSmCTXqNRQHi35rYH6eDxbYE2dJaltVwLCcfXfjBNBmB_f49aWqnGg",
                        new PlayTime("0:44", Duration.ofSeconds(44)))),
                MediaTestPages.ofFragment("frag-any2feed-message_media_round_video.html"));
        assertEquals(List.of(new RoundVideo(
                        "https://cdn4.telegram-cdn.org/file/f30ab8b2f9.mp4?token=i2-LBkB4x3-iYOcXC2hWXrh0Y8zt6OPi_Sssm6mWAj7eVWD3xL_UIjHjVxiSX-65jKxwKeKZF-2Z_iMOB6pcjQE57dwDQqWJEEMF7Wix6OXyYAQK6qMgRlf1OaIYXCjhVLq6A1frAIRMiKavG42E2htXh5OS8gI_ZMkBlp2cgVYDIAa2_ntCqMtzkVGpR2GnDlUYNQ3l3T1A4aaGXP4xckedXocZJaxIwm6ssoSPGnQJNV0ofzMHwU-P10ViG4rw9-q0pwZSKBN5nYe2NJzZy0io1O-3j0hKTXclyIgxfOFbUcbpA--UV-1fYx4SOpxlPrVe0EOr8J4MGpUSf6ltLQ",
                        "https://cdn4.telegram-cdn.org/file/rmNTA-JE0BB_k6FpOdeCGNJF7QVXJrn8arjuXzM9PLrxYYOQzb7mQmS5EHHAXtOTbxxeQe-8Wi9Y70HrB0v8a-ESoZbg2w8wngtvyv7NVCh2_H-8GcinQ1hRNk2VbgqQg9deDA7RA--ECKJf9FDY1hak3h9u7VZ25-6moU1Bj57N2g1TNab4dpoN2JzAl0RfjsLiHvdUhrDjG5Nt11FmDfXUbTiQnH6VWu1_6Ja0HZQkNEonbETtK1Fkr0oRQxgOLPp3K59XiKfb_Q1i3gcAv6MbkzpVM5ZaWXbUp-j0LwI0ki5F9mAVEbX9fVe1R1wCkw4Vzl0GAMRmXt7DR7WrqQ",
                        new PlayTime("0:57", Duration.ofSeconds(57)))),
                MediaTestPages.ofFragment("frag-any2feed-media_cicrle_video.html"));
    }

    @Test
    void voice_urlWaveformAndDuration() {
        Voice voice = (Voice) MediaTestPages.ofFragment("frag-tchantest-audio_message.html").get(0);
        assertEquals("https://cdn1.telegram-cdn.org/file/29881a3f30.ogg?token=RPh7-yUn9te932hRlzltMAmWTgmmAzD_PswWMJnmCZSfQQ63SfT5jfT_IpSq71gXP0d5F_G3fZLc1mxLuPR_NFSBVncAk7hvT5086hIQJfHX8qoE8VW-714sWoGTqVv6l35yS7V8_hCkt4KD2kW3F_5K2MPJ6yKPHBB4VzvlLmrwUoVVTPPOl2NJypUtDdN2fwFj7TkeZYHu0jrtKGrynmmBOp36SHpks7c9bkkL8HcaHhlzZXCBzibbWh0IM895baESbOimQrxnUwuTE9gv_VHGa_EMiwBD71p_NyHYPfpgNxGi1TPCVzJSO5QVPXDBZ3MSHoYI4COLZMt_4wwx1A", voice.url());
        assertEquals(100, voice.waveform().split(",").length);
        assertEquals(true, voice.waveform().startsWith("0,0,0,0,0,0,0,0,0,0,"));
        assertEquals(true, voice.waveform().contains(",1,2,15,19,31,31,"));
        assertEquals(new PlayTime("0:01", Duration.ofSeconds(1)), voice.duration());
    }

    @Test
    void voiceWithEmptyWaveform_leavesItAbsent() {
        assertEquals(List.of(new Voice(
                        "https://cdn4.telegram-cdn.org/file/e7ba63f364.ogg?token=Meja24JdK_9tWEBDmaE8J_2tjXqCBb2opdQwhz8-SYKW0---eAkG5Bv6G2JddOT4h-ucwW8V3H33BUFNNkTDEBcNo3mvzz_5SltJ7P0fNz5bo0BY9KFJwWGjZ97wCUuxbl8ljLI1I89acKbZjAMWGHNJCXPZVsjYk7q4V3e_1UsYdHtN0L8Y44FV6dMiUvv1w1oRH0mlW7hOJ3mqosTXQztitZbHv-W1QmQZrxhYuGZgKtTOikuahaWKHhTx6Stvn1ea-uRubY228zbdQWlLr7U2_wj56KHqXnX3V9No6Zv4ADCKk0ttDz_VnbDZuqRvhqG6eKE4_lmYz0YL880nZbjJjRY8DWeXebLVp1vl_tCIWUOpsbTNRTjB2O2nA8hiZwMGdMjy2bA0pRYbkZU_XRTr58ucznd0EISHTYZQ3JYVgBLBhWCH9INWnbzFskfjor4ksjr7lPYHWo1pKe9-LcF-yast-DB_qKTS7YrjFNR5YkX9KWF5waC1oOIbP688AwvvaVjJoTdoHVBHGILkQqDIG8zK8LVzReeLP_jwpW9bLfVgcg0CqgeL2gPTEZIj-rUsd2L1gXArrdJOssd0Lv0VoFHCYln9Ls14L3OMHnh2KWkFjKFIlmtsi_m5wTsXBv7ZyPpX_MUqmE6l3cO-bKCUruB6_O3FuwnrUURmkCQ",
                        null, new PlayTime("27:40", Duration.ofMinutes(27).plusSeconds(40)))),
                MediaTestPages.ofFragment("frag-any2feed-message_voice.html"));
    }
}
