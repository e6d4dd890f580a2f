package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.bufproto.api.ProtoEnum;
import io.bufproto.generator.BufProtoGenerator;
import io.bufproto.templates.FieldNames;
import io.bufproto.tests.p2.Aliased;
import io.bufproto.tests.p2.WithAliases;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Field defaults (custom, escaped, infinite, NaN, above Long.MAX_VALUE) read as protobuf-java reads
 * them.
 */
class DefaultsTest {

  @Test
  void everyDefaultEqualsProtobufJavasDefault() throws Exception {
    int checked = 0;
    for (Case c : Case.ALL) {
      Message pj = c.prototype();
      Object ours = c.ours().get();
      Map<Integer, FieldNames> names = BufProtoGenerator.accessorNames(pj.getDescriptorForType());
      for (FieldDescriptor fd : pj.getDescriptorForType().getFields()) {
        if (fd.isRepeated() || fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
          continue;
        }
        Object theirs = pj.getField(fd);
        Object mine =
            ours.getClass().getMethod("get" + names.get(fd.getNumber()).cap()).invoke(ours);
        String what = fd.getFullName();
        if (theirs instanceof ByteString byteString) {
          assertArrayEquals(byteString.toByteArray(), (byte[]) mine, what);
        } else if (theirs instanceof EnumValueDescriptor enumValueDescriptor) {
          assertEquals(enumValueDescriptor.getNumber(), ((ProtoEnum) mine).getNumber(), what);
        } else if (theirs instanceof Float f) {
          assertEquals(Float.floatToRawIntBits(f), Float.floatToRawIntBits((Float) mine), what);
        } else if (theirs instanceof Double d) {
          assertEquals(
              Double.doubleToRawLongBits(d), Double.doubleToRawLongBits((Double) mine), what);
        } else {
          assertEquals(theirs, mine, what);
        }
        checked++;
      }
    }
    assertEquals(true, checked > 100, "checked " + checked);
  }

  @Test
  void aliasesAreTheCanonicalConstant() {
    assertSame(Aliased.A_ONE, Aliased.A_UNO);
    assertSame(Aliased.A_ONE, Aliased.A_EINS);
    assertEquals(1, Aliased.A_EINS_VALUE);
    WithAliases w = new WithAliases();
    assertSame(Aliased.A_ONE, w.getValue(), "default A_UNO is the constant A_ONE");
    w.parseFrom(new byte[] {0x08, 0x01, 0x10, 0x02});
    assertSame(Aliased.A_UNO, w.getValue());
    assertSame(Aliased.A_TWO, w.getValueAt(0));
  }
}
