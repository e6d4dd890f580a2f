package io.bufproto.tests;

import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import java.util.List;
import java.util.function.Supplier;

/** A message type of the test schemas: protobuf-java's default instance and our constructor. */
record Case(Message prototype, Supplier<ProtoMessage<?>> ours) {

  String name() {
    return prototype.getDescriptorForType().getFullName();
  }

  @Override
  public String toString() {
    return name();
  }

  /** Every top-level message type of the test schemas (nested types are reached through them). */
  static final List<Case> ALL =
      List.of(
          new Case(
              io.bufproto.tests.common.CommonProtos.Point.getDefaultInstance(),
              io.bufproto.tests.common.Point::new),
          new Case(
              io.bufproto.tests.common.ReexportProtos.Tagged.getDefaultInstance(),
              io.bufproto.tests.common.Tagged::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.Scalars.getDefaultInstance(),
              io.bufproto.tests.p2.Scalars::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.Defaults.getDefaultInstance(),
              io.bufproto.tests.p2.Defaults::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.Repeated.getDefaultInstance(),
              io.bufproto.tests.p2.Repeated::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.WithRequired.getDefaultInstance(),
              io.bufproto.tests.p2.WithRequired::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.RequiredInLists.getDefaultInstance(),
              io.bufproto.tests.p2.RequiredInLists::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.Tree.getDefaultInstance(),
              io.bufproto.tests.p2.Tree::new),
          new Case(
              io.bufproto.tests.p2.Proto2Protos.WithAliases.getDefaultInstance(),
              io.bufproto.tests.p2.WithAliases::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Implicit.getDefaultInstance(),
              io.bufproto.tests.p3.Implicit::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Optionals.getDefaultInstance(),
              io.bufproto.tests.p3.Optionals::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Lists.getDefaultInstance(),
              io.bufproto.tests.p3.Lists::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Maps.getDefaultInstance(),
              io.bufproto.tests.p3.Maps::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Choice.getDefaultInstance(),
              io.bufproto.tests.p3.Choice::new),
          new Case(
              io.bufproto.tests.p3.Proto3Protos.Node.getDefaultInstance(),
              io.bufproto.tests.p3.Node::new),
          new Case(
              io.bufproto.tests.names.NamesProtos.Clashes.getDefaultInstance(),
              io.bufproto.tests.names.Clashes::new),
          new Case(
              io.bufproto.tests.lp.LightProtoStyleProtos.Metadata.getDefaultInstance(),
              io.bufproto.tests.lp.Metadata::new),
          new Case(
              io.bufproto.tests.groups.GroupsProtos.WithGroups.getDefaultInstance(),
              io.bufproto.tests.groups.WithGroups::new),
          new Case(
              io.bufproto.tests.ed23.Editions2023Protos.Edition.getDefaultInstance(),
              io.bufproto.tests.ed23.Edition::new),
          new Case(
              io.bufproto.tests.edf.EditionsFileDefaultsProtos.ImplicitByDefault
                  .getDefaultInstance(),
              io.bufproto.tests.edf.ImplicitByDefault::new),
          new Case(
              io.bufproto.tests.ed24.Editions2024Protos.Edition.getDefaultInstance(),
              io.bufproto.tests.ed24.Edition::new),
          new Case(
              io.bufproto.tests.wkt.WktUsageProtos.Event.getDefaultInstance(),
              io.bufproto.tests.wkt.Event::new),
          new Case(
              io.bufproto.tests.edge.EdgeCasesProtos.HugeNumbers.getDefaultInstance(),
              io.bufproto.tests.edge.HugeNumbers::new),
          new Case(
              io.bufproto.tests.edge.EdgeCasesProtos.NameStyles.getDefaultInstance(),
              io.bufproto.tests.edge.NameStyles::new),
          new Case(
              io.bufproto.tests.edge.EdgeCasesProtos.ExtremeDefaults.getDefaultInstance(),
              io.bufproto.tests.edge.ExtremeDefaults::new),
          new Case(
              io.bufproto.tests.edge.EdgeCasesProtos.DupFieldNumbers.getDefaultInstance(),
              io.bufproto.tests.edge.DupFieldNumbers::new),
          // named like the runtime classes generated code refers to
          new Case(
              io.bufproto.tests.names.NamesProtos.Utf8.getDefaultInstance(),
              io.bufproto.tests.names.Utf8::new),
          new Case(
              io.bufproto.tests.edge.EdgeCasesProtos.MutualA.getDefaultInstance(),
              io.bufproto.tests.edge.MutualA::new),
          // protobuf's test schemas at their real paths, google/protobuf/ (not well-known types);
          // its large TestAllTypes messages are in ProtobufTestSchemasProperties
          new Case(
              proto2_unittest.UnittestProto.TestExtremeDefaultValues.getDefaultInstance(),
              proto2_unittest.TestExtremeDefaultValues::new),
          new Case(
              proto2_unittest.MapProto2Unittest.TestEnumMap.getDefaultInstance(),
              proto2_unittest.TestEnumMap::new),
          // protobuf's own schemas, against protobuf-java's own classes
          new Case(com.google.protobuf.Any.getDefaultInstance(), io.bufproto.wkt.Any::new),
          new Case(
              com.google.protobuf.Timestamp.getDefaultInstance(), io.bufproto.wkt.Timestamp::new),
          new Case(
              com.google.protobuf.Duration.getDefaultInstance(), io.bufproto.wkt.Duration::new),
          new Case(com.google.protobuf.Struct.getDefaultInstance(), io.bufproto.wkt.Struct::new),
          new Case(com.google.protobuf.Value.getDefaultInstance(), io.bufproto.wkt.Value::new),
          new Case(
              com.google.protobuf.ListValue.getDefaultInstance(), io.bufproto.wkt.ListValue::new),
          new Case(
              com.google.protobuf.FieldMask.getDefaultInstance(), io.bufproto.wkt.FieldMask::new),
          new Case(com.google.protobuf.Empty.getDefaultInstance(), io.bufproto.wkt.Empty::new),
          new Case(
              com.google.protobuf.UInt64Value.getDefaultInstance(),
              io.bufproto.wkt.UInt64Value::new),
          new Case(
              com.google.protobuf.BytesValue.getDefaultInstance(), io.bufproto.wkt.BytesValue::new),
          new Case(com.google.protobuf.Type.getDefaultInstance(), io.bufproto.wkt.Type::new),
          new Case(com.google.protobuf.Api.getDefaultInstance(), io.bufproto.wkt.Api::new),
          new Case(
              com.google.protobuf.DescriptorProtos.FileDescriptorSet.getDefaultInstance(),
              io.bufproto.wkt.FileDescriptorSet::new),
          new Case(
              com.google.protobuf.DescriptorProtos.FeatureSetDefaults.getDefaultInstance(),
              io.bufproto.wkt.FeatureSetDefaults::new));
}
