package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.bufproto.jmh.shapes.StringsProtos;
import io.netty.buffer.ByteBuf;
import java.io.IOException;

/**
 * String-heavy: topic names, short and long ASCII, and non-ASCII strings (2, 3 and 4-byte UTF-8).
 */
public class StringsBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.Strings bp = new io.bufproto.jmh.bp.Strings();
  private final io.bufproto.jmh.shapes.Strings lp = new io.bufproto.jmh.shapes.Strings();

  @Override
  protected MessageLite pjBuild() {
    StringsProtos.Strings.Builder b =
        StringsProtos.Strings.newBuilder()
            .setTopic(Data.topic())
            .setSubscription(Data.subscription());
    for (String s : Data.ascii()) {
      b.addAscii(s);
    }
    for (String s : Data.unicode()) {
      b.addUnicode(s);
    }
    return b.setLongAscii(Data.longAscii()).build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return StringsProtos.Strings.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite message) {
    StringsProtos.Strings m = (StringsProtos.Strings) message;
    int n = m.getTopic().length() + m.getSubscription().length() + m.getLongAscii().length();
    for (int i = 0; i < m.getAsciiCount(); i++) {
      n += m.getAscii(i).length();
    }
    for (int i = 0; i < m.getUnicodeCount(); i++) {
      n += m.getUnicode(i).length();
    }
    return n;
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    bp.clear().setTopic(Data.topic()).setSubscription(Data.subscription());
    for (String s : Data.ascii()) {
      bp.addAscii(s);
    }
    for (String s : Data.unicode()) {
      bp.addUnicode(s);
    }
    bp.setLongAscii(Data.longAscii());
  }

  @Override
  protected int bpReadStrings() {
    int n = bp.getTopic().length() + bp.getSubscription().length() + bp.getLongAscii().length();
    for (int i = 0; i < bp.getAsciisCount(); i++) {
      n += bp.getAsciiAt(i).length();
    }
    for (int i = 0; i < bp.getUnicodesCount(); i++) {
      n += bp.getUnicodeAt(i).length();
    }
    return n;
  }

  @Override
  protected void lpFill() {
    lp.clear().setTopic(Data.topic()).setSubscription(Data.subscription());
    for (String s : Data.ascii()) {
      lp.addAscii(s);
    }
    for (String s : Data.unicode()) {
      lp.addUnicode(s);
    }
    lp.setLongAscii(Data.longAscii());
  }

  @Override
  protected void lpParse(ByteBuf in, int size) {
    lp.parseFrom(in, size);
  }

  @Override
  protected int lpWrite(ByteBuf target) {
    return lp.writeTo(target);
  }

  @Override
  protected int lpReadStrings() {
    int n = lp.getTopic().length() + lp.getSubscription().length() + lp.getLongAscii().length();
    for (int i = 0; i < lp.getAsciisCount(); i++) {
      n += lp.getAsciiAt(i).length();
    }
    for (int i = 0; i < lp.getUnicodesCount(); i++) {
      n += lp.getUnicodeAt(i).length();
    }
    return n;
  }
}
