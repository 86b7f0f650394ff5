package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void markdown_hasAHeaderAndARowPerMeasurement() {
        String table = new Table().add(new Table.Row("1", "hot key, identity", "33,268", "59,896", "**0.56**"))
                .markdown();
        assertEquals("""
                | # | measurement | tme-api | nginx | tme / nginx |
                | --- | --- | --- | --- | --- |
                | 1 | hot key, identity | 33,268 | 59,896 | **0.56** |
                """, table);
    }

    @Test
    void markdown_escapesWhatWouldBreakARow() {
        String table = new Table().add(new Table.Row("4", "a | b", "line\nbreak", "–", "–")).markdown();
        assertEquals("| 4 | a \\| b | line break | – | – |\n", table.lines().skip(2).findFirst().orElseThrow() + "\n");
    }
}
